/**
 * The icon of the server-rendered pages (hosted checkout, enrollment form,
 * sandbox bank), inline: their CSP allows data: images. With an icon
 * declared, the browser asks for no /favicon.ico (which would be a 404).
 */
export const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><path d="M10 24V8h7a5 5 0 0 1 0 10h-7" fill="none" stroke="#fff" stroke-width="3.2" stroke-linejoin="round"/></svg>')}`;
