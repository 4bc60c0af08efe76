import { Type } from 'typebox';
import { MAX_ADVANCE_SECONDS } from './service.js';

export const AdvanceClock = Type.Object({
  seconds: Type.Integer({
    minimum: 1,
    maximum: MAX_ADVANCE_SECONDS,
    description: `How far to move the organization's sandbox time forward: 1 to ${MAX_ADVANCE_SECONDS} (366 days).`,
  }),
});

const clockFields = {
  offset_seconds: Type.Integer({ description: "How far ahead of the real time the organization's sandbox time is." }),
  now: Type.String({ format: 'date-time', description: "The organization's sandbox time." }),
};

export const SandboxClockView = Type.Object(clockFields);

export const AdvancedClock = Type.Object({
  ...clockFields,
  ran: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The job.' }),
      type: Type.String({ description: 'What it did: `payment.capture`, `apm.expire`, `webhook.deliver`...' }),
      subject_id: Type.Union([Type.String(), Type.Null()], { description: 'The object it was about (a payment, link, chargeback, webhook delivery...).' }),
      run_at: Type.String({ format: 'date-time', description: "When it was due, in the organization's sandbox time." }),
      outcome: Type.Union([Type.Literal('completed'), Type.Literal('retry'), Type.Literal('failed')], {
        description: '`retry`: it failed and was scheduled again.',
      }),
    }),
    { description: 'The jobs the advance ran, in the order they ran (their `run_at` order).' },
  ),
});
