// Types of the parts of infra.mjs the server's tests use (test/production-connectors.test.ts).
export function freePort(): Promise<number>;
export function makeCertificate(dir: string): { cert: string; key: string };
export function startNginx(
  dir: string,
  options: { cert: string; key: string; upstreamPorts: number[] },
): Promise<{ port: number; prefix: string; stop(): void }>;
