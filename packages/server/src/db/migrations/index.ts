import type { Migration } from 'kysely';
import * as foundation from './001_foundation.js';
import * as cards from './002_cards.js';
import * as webhooks from './003_webhooks.js';
import * as alternativePayments from './004_alternative_payments.js';
import * as usersAndLinks from './005_users_and_links.js';
import * as merchants from './006_merchants.js';
import * as chargebackHandling from './007_chargeback_handling.js';
import * as transactions from './008_transactions.js';
import * as feesFraud from './009_fees_fraud.js';
import * as paymentInstructions from './010_payment_instructions.js';
import * as checkoutSessions from './011_checkout_sessions.js';
import * as cardAttempts from './012_card_attempts.js';
import * as sandboxClocks from './013_sandbox_clocks.js';
import * as dashboard from './015_dashboard.js';
import * as deliveryBodies from './016_delivery_bodies_event_payment.js';
import * as instanceLiveness from './017_instance_liveness.js';
import * as checkoutSessionExpiry from './018_checkout_session_expiry.js';
import * as webhookAttemptRetention from './019_webhook_attempt_retention.js';
import * as paymentWritePath from './020_payment_write_path.js';
import * as webhookDeliveryRetention from './021_webhook_delivery_retention.js';
import * as browserInstruments from './030_browser_instruments.js';
import * as checkoutSessionToken from './031_checkout_session_token.js';
import * as dashboardMemberDisabled from './032_dashboard_member_disabled.js';
import * as metadata from './040_metadata.js';
import * as onePaymentTable from './050_one_payment_table.js';
import * as railPaymentsCopy from './051_rail_payments_copy.js';
import * as dropApmPayments from './052_drop_apm_payments.js';
import * as connectorAccounts from './060_connector_accounts.js';
import * as connectorRouting from './061_connector_routing.js';
import * as connectorNotifications from './062_connector_notifications.js';
import * as chargebackFees from './093_chargeback_fees.js';
import * as refundNetworkReference from './095_refund_network_reference.js';
import * as settlingJobAttempts from './096_settling_job_attempts.js';
import * as paymentAmountDisputed from './097_payment_amount_disputed.js';
import * as ledger from './070_ledger.js';
import * as settlementsPayouts from './071_settlements_payouts.js';
import * as railConnectorAccounts from './094_rail_connector_accounts.js';
import * as threeDs from './083_three_ds.js';
import * as cardInstallments from './080_card_installments.js';
import * as pseTestBanks from './081_pse_test_banks.js';
import * as cashReference from './082_cash_reference.js';
import * as brebKeys from './090_breb_keys.js';
import * as paymentBrebKey from './091_payment_breb_key.js';
import * as cashoutDestination from './092_cashout_destination.js';

/** Every migration, in order. One set serves SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_cards': cards,
  '003_webhooks': webhooks,
  '004_alternative_payments': alternativePayments,
  '005_users_and_links': usersAndLinks,
  '006_merchants': merchants,
  '007_chargeback_handling': chargebackHandling,
  '008_transactions': transactions,
  '009_fees_fraud': feesFraud,
  '010_payment_instructions': paymentInstructions,
  '011_checkout_sessions': checkoutSessions,
  '012_card_attempts': cardAttempts,
  '013_sandbox_clocks': sandboxClocks,
  '015_dashboard': dashboard,
  '016_delivery_bodies_event_payment': deliveryBodies,
  '017_instance_liveness': instanceLiveness,
  '018_checkout_session_expiry': checkoutSessionExpiry,
  '019_webhook_attempt_retention': webhookAttemptRetention,
  '020_payment_write_path': paymentWritePath,
  '021_webhook_delivery_retention': webhookDeliveryRetention,
  '030_browser_instruments': browserInstruments,
  '031_checkout_session_token': checkoutSessionToken,
  '032_dashboard_member_disabled': dashboardMemberDisabled,
  '040_metadata': metadata,
  '050_one_payment_table': onePaymentTable,
  '051_rail_payments_copy': railPaymentsCopy,
  '052_drop_apm_payments': dropApmPayments,
  '060_connector_accounts': connectorAccounts,
  '061_connector_routing': connectorRouting,
  '062_connector_notifications': connectorNotifications,
  '070_ledger': ledger,
  '071_settlements_payouts': settlementsPayouts,
  '080_card_installments': cardInstallments,
  '081_pse_test_banks': pseTestBanks,
  '082_cash_reference': cashReference,
  '083_three_ds': threeDs,
  '090_breb_keys': brebKeys,
  '091_payment_breb_key': paymentBrebKey,
  '092_cashout_destination': cashoutDestination,
  '093_chargeback_fees': chargebackFees,
  '094_rail_connector_accounts': railConnectorAccounts,
  '095_refund_network_reference': refundNetworkReference,
  '096_settling_job_attempts': settlingJobAttempts,
  '097_payment_amount_disputed': paymentAmountDisputed,
};
