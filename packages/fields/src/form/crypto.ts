/**
 * Field encryption inside the iframe (spec 4.3): each value separately with
 * the organization's public key, RSA-OAEP with SHA-256, base64. The clear
 * values never leave the document that holds the inputs.
 */

export class EncryptionKeyError extends Error {}

/** Imports a PEM SPKI public key ("-----BEGIN PUBLIC KEY-----"). */
export async function importPublicKey(pem: string): Promise<CryptoKey> {
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    throw new EncryptionKeyError('WebCrypto is unavailable: the page must be served over HTTPS (a secure context).');
  }
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  } catch {
    throw new EncryptionKeyError('The encryption public key is not PEM (base64).');
  }
  try {
    return await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  } catch {
    throw new EncryptionKeyError('The encryption public key is not an RSA public key (PEM, SPKI).');
  }
}

export async function encryptField(key: CryptoKey, value: string): Promise<string> {
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(value)));
  let binary = '';
  for (const byte of cipher) binary += String.fromCharCode(byte);
  return btoa(binary);
}
