/**
 * The payment methods that ship with the gateway, in the order the API lists
 * them (the `rail_id` enum): the one list of them. A new method is a folder
 * beside these and a line here (docs/architecture.md "Add a payment method").
 */
import { bankRedirect } from './bank-redirect/index.js';
import { card } from './card/index.js';
import { cash } from './cash/index.js';
import { qrInterop } from './qr-interop/index.js';
import type { PaymentMethodDefinition } from './registry.js';
import { walletOtp } from './wallet-otp/index.js';
import { walletPush } from './wallet-push/index.js';

export const BUILT_IN_METHODS: readonly PaymentMethodDefinition[] = [card, bankRedirect, walletPush, walletOtp, qrInterop, cash];
