/** Test clocks (docs/sandbox.md "Test clocks"): what a test does instead of waiting for a sandbox timer. */
import type { HttpClient } from './gateway.js';

export interface Advanced {
  offset_seconds: number;
  now: string;
  ran: Array<{ id: string; type: string; subject_id: string | null; run_at: string; outcome: string }>;
}

/** Moves the token's organization's sandbox time `seconds` forward; answers once what fell due has run. */
export async function advanceClock(gw: HttpClient, token: string, seconds: number): Promise<Advanced> {
  const reply = await gw.request<Advanced>('POST', '/v1/sandbox/clock/advance', { token, body: { seconds } });
  if (reply.status !== 200) throw new Error(`advancing the clock failed: ${reply.status} ${reply.text}`);
  return reply.body;
}

/**
 * The real time a test gateway reads (`startGateway(dialect, env, { time })`, GatewayOptions.time):
 * the system's until the test moves it forward, so a test waits for no expiry on the wall clock.
 */
export class MovableTime {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves this time `seconds` forward. */
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}
