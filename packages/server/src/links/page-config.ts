/**
 * The configuration each hosted page hands its script (a JSON `<script>` the
 * page renders, templates.ts): one definition for both ends. The server
 * builds it (pages.ts); the scripts in packages/fields/src/hosted/ read it and
 * import these types as `pasarela/page-config` (`import type`, erased when
 * esbuild bundles them): the server package exports this file under the
 * workspace's `pasarela-source` condition, which packages/fields' type check
 * sets. The server defines what it serves, and builds without packages/fields'
 * sources. This file imports only page-text.ts, which imports nothing, so
 * the browser's type check reads no server code beyond these two files.
 */
import type { CheckoutScriptText, Lang } from './page-text.js';

/** The payment-link checkout (`/l/{token}`, packages/fields/src/hosted/checkout.ts). */
export interface CheckoutConfig {
  token: string;
  lang: Lang;
  currency: string;
  /** The currency's minor digits. */
  digits: number;
  /** A fixed amount, in major units; null for a custom amount. */
  amount: number | null;
  min: number | null;
  max: number | null;
  /** The bounds as the page shows them ("COP 1.000"), so the label and the error say the same. */
  minText: string | null;
  maxText: string | null;
  /** The organization's encryption key; null when it has none yet or the link takes no payment (no card form). */
  publicKey: string | null;
  redirectUrl: string | null;
  /** The COP rails tab. */
  rails: boolean;
  /** A payment of this link to follow at once: the shopper is back from the bank (`?payment_id=`). */
  returning: string | null;
  payable: boolean;
  text: CheckoutScriptText;
}

/** The card-enrollment form (`/e/{token}`, packages/fields/src/hosted/enrollment.ts). */
export interface EnrollmentConfig {
  token: string;
  lang: Lang;
  publicKey: string;
  accent: string | null;
  /** The link's allowed_origins: the only windows told anything. */
  parentOrigins: string[];
  text: { saved: string };
}
