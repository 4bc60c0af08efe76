/**
 * The sandbox's directory of Bre-B keys held outside the gateway: the test
 * keys a key look-up answers (docs/sandbox.md "Bre-B"), each with its holder
 * and institution. A real adapter would ask the network's directory instead.
 * Every value is in its normalized form (keys.ts).
 */
import type { KeyType } from './keys.js';

export interface DirectoryEntry {
  type: KeyType;
  value: string;
  /** The holder's full name; a look-up shows it masked. */
  holder: string;
  institution: { id: string; name: string };
}

const BANK_A = { id: '9101', name: 'Banco de Pruebas Andino' };
const BANK_B = { id: '9102', name: 'Cooperativa de Pruebas del Pacífico' };
const WALLET = { id: '9103', name: 'Billetera de Pruebas' };

export const SANDBOX_DIRECTORY: readonly DirectoryEntry[] = [
  { type: 'mobile', value: '3001112233', holder: 'Ana María Gómez Ruiz', institution: WALLET },
  { type: 'id_number', value: '1020304050', holder: 'Carlos Andrés Pérez', institution: BANK_A },
  { type: 'email', value: 'pagos@tienda.example', holder: 'Tienda de Ejemplo SAS', institution: BANK_B },
  { type: 'alphanumeric', value: '@PRUEBAS1', holder: 'Lucía Fernanda Rojas', institution: BANK_A },
  { type: 'merchant_code', value: '0012345678', holder: 'Comercio de Pruebas Ltda', institution: BANK_B },
  { type: 'mobile', value: '3009990000', holder: 'Jorge Iván Salazar', institution: WALLET },
];

/** The institution of keys held by organizations of this gateway. */
export const GATEWAY_INSTITUTION = { id: '9100', name: 'Pasarela (sandbox)' };

export function directoryEntry(value: string): DirectoryEntry | undefined {
  return SANDBOX_DIRECTORY.find((entry) => entry.value === value);
}
