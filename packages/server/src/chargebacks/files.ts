/**
 * Evidence files: what a chargeback attachment may be. The declared type must
 * be one of four and the bytes must be that type (checked by their signature,
 * not trusted from the declaration); a multipart part declared
 * `application/octet-stream` is typed by its bytes.
 */
import type { ErrorDetail } from '../errors/api-error.js';

/** Largest attachment, in bytes (5 MiB). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Attachments a chargeback may hold. */
export const MAX_ATTACHMENTS = 10;

export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The type the bytes are, of the accepted four; undefined for anything else. */
export function sniff(bytes: Buffer): AttachmentType | undefined {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (bytes.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (isPlainText(bytes)) return 'text/plain';
  return undefined;
}

/** Tab, line feed, form feed and carriage return: the control characters a text file may hold. */
const TEXT_LAYOUT = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Whether `text` holds a C0 control character or DEL, other than those `allowed`. */
function hasControlCharacter(text: string, allowed: ReadonlySet<number> = new Set()): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !allowed.has(code)) return true;
  }
  return false;
}

/** UTF-8 without control characters other than tab, line feed, form feed and carriage return. */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  return !hasControlCharacter(text, TEXT_LAYOUT);
}

const LABELS: Record<AttachmentType, string> = {
  'application/pdf': 'a PDF document',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'text/plain': 'UTF-8 plain text',
};

/** `text/plain; charset=utf-8` -> `text/plain`; lower case. */
function essence(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export interface CheckedFile {
  filename: string;
  contentType: AttachmentType;
  bytes: Buffer;
}

/**
 * Checks a file's name, declared type and bytes; every problem is reported,
 * under the names of the fields the request used.
 */
export function checkFile(
  input: { filename: string | undefined; contentType: string | undefined; bytes: Buffer | undefined },
  fields: { filename: string; contentType: string; content: string },
  options: { detectOctetStream: boolean },
): { file: CheckedFile } | { problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const filename = input.filename === undefined ? undefined : (input.filename.split(/[\\/]/).pop() ?? '').trim();
  if (filename !== undefined) {
    if (filename === '' || filename === '.' || filename === '..') problems.push({ field: fields.filename, message: 'must name the file' });
    else if (hasControlCharacter(filename)) problems.push({ field: fields.filename, message: 'must not contain control characters' });
    else if (filename.length > 255) problems.push({ field: fields.filename, message: 'must be at most 255 characters' });
  }
  let declared: string | undefined = input.contentType === undefined ? undefined : essence(input.contentType);
  if (declared === 'application/octet-stream' && options.detectOctetStream) declared = undefined;
  else if (declared !== undefined && !(ATTACHMENT_TYPES as readonly string[]).includes(declared)) {
    problems.push({ field: fields.contentType, message: `must be one of ${ATTACHMENT_TYPES.join(', ')}` });
    declared = 'invalid';
  }
  let contentType: AttachmentType | undefined;
  if (input.bytes !== undefined) {
    if (input.bytes.length === 0) problems.push({ field: fields.content, message: 'the file is empty' });
    else {
      const actual = sniff(input.bytes);
      if (declared === undefined) {
        if (actual) contentType = actual;
        else problems.push({ field: fields.content, message: `is not one of the accepted types (${ATTACHMENT_TYPES.join(', ')})` });
      } else if (declared !== 'invalid') {
        if (actual === declared) contentType = actual;
        else problems.push({ field: fields.content, message: `is not ${LABELS[declared as AttachmentType]}, as ${fields.contentType} says` });
      }
    }
  }
  if (problems.length > 0 || filename === undefined || contentType === undefined || input.bytes === undefined) return { problems };
  return { file: { filename, contentType, bytes: input.bytes } };
}

/** Decodes standard base64 (whitespace allowed); undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266): an ASCII fallback and the exact name. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
