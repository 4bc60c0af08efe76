/** The content type of every JSON answer: Fastify's own, for the answers that set theirs. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
