/**
 * Texts of the hosted checkout and enrollment form, in Spanish and English.
 * The pages' scripts (packages/fields/src/hosted/) get the texts they show in
 * the page's configuration, so every text of a page lives here.
 */
export type Lang = 'es' | 'en';

export function pick(acceptLanguage: string | undefined): Lang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'es';
}

/** What the checkout's script says; `{n}`, `{min}`, `{max}` are filled in by the script. */
export interface CheckoutScriptText {
  processing: string;
  bankProcessing: string;
  approved: string;
  waiting: string;
  approvePush: string;
  otpWrong: string;
  otpWrongLast: string;
  otpExhausted: string;
  otpExpired: string;
  otpReceived: string;
  otpRequired: string;
  amountRange: string;
  amountRequired: string;
  continueToMerchant: string;
  network: string;
}

const es = {
  checkoutTitle: 'Pago',
  enrollTitle: 'Guardar tarjeta',
  amountLabel: 'Valor a pagar',
  amountHint: 'Entre {min} y {max}',
  card: 'Tarjeta',
  otherMethods: 'Otros medios',
  methods: 'Medios de pago',
  chooseRail: 'Elija cómo pagar',
  bank: 'Banco',
  documentType: 'Tipo de documento',
  document: 'Número de documento',
  firstName: 'Nombres',
  lastName: 'Apellidos',
  email: 'Correo electrónico',
  phone: 'Celular',
  otp: 'Código recibido por SMS',
  confirm: 'Confirmar',
  alias: 'Alias',
  qrAlt: 'Código QR del pago',
  continue: 'Continuar',
  pay: 'Pagar',
  save: 'Guardar tarjeta',
  saved: 'Tarjeta guardada.',
  cancel: 'Cancelar y volver',
  expired: 'Este enlace de pago expiró.',
  enrollExpired: 'Este formulario expiró. Pida un enlace nuevo al comercio.',
  paid: 'Este enlace ya fue pagado.',
  enrolled: 'Este formulario ya se usó: la tarjeta quedó guardada.',
  unavailable: 'Este enlace ya no acepta pagos.',
  inProgress: 'Ya hay un pago en curso con este enlace. Termínelo, o espere a que venza (en {minutes} min como máximo) para pagar de otra forma.',
  paymentInFlight: 'Ya hay un pago en curso con este enlace. Espere su resultado e intente de nuevo.',
  bankInProgress: 'Su banco está procesando un pago de este enlace. Espere el resultado antes de pagar de otra forma.',
  cardDeclined: 'La tarjeta fue rechazada. Intente con otra tarjeta.',
  cardBlocked: 'Los pagos con tarjeta no están disponibles por un tiempo. Intente más tarde o use otro medio de pago.',
  cardUnavailable: 'Este comercio aún no recibe pagos con tarjeta por este enlace.',
  enrollUnavailable: 'Este formulario aún no está disponible. Intente más tarde o consulte al comercio.',
  notFound: 'Enlace no encontrado',
  documentTypes: { CC: 'Cédula de ciudadanía', CE: 'Cédula de extranjería', NIT: 'NIT', PASSPORT: 'Pasaporte' } as Record<string, string>,
  merchant: 'Comercio',
  outcome: {
    processingTitle: 'Procesando su pago',
    processingLead: 'Su pago está en proceso. Esta página se actualiza sola cuando termine; no pague de nuevo.',
    bankProcessingLead: 'Su banco está procesando el pago. Esta página se actualiza sola cuando termine; no pague de nuevo.',
    continueAtBank: 'Continuar en su banco',
    payAnotherWay: 'Pagar de otra forma',
    approvedTitle: 'Pago aprobado',
    approvedLead: 'Gracias. Este es el comprobante de su pago.',
    declinedTitle: 'Pago rechazado',
    expiredTitle: 'Tiempo agotado',
    paidTitle: 'Enlace ya pagado',
    expiredLinkTitle: 'Enlace vencido',
    tryAgain: 'Intentar de nuevo',
    tryAgainLead: 'No se le cobró nada. Puede intentar de nuevo con otra tarjeta u otro medio de pago.',
    closedLead: 'No se le cobró nada. Este enlace ya no acepta pagos: pida uno nuevo al comercio.',
    expiredLinkLead: 'Pida un enlace nuevo al comercio si aún desea pagar.',
    paidLinkLead: 'Si usted hizo este pago, el comercio ya lo recibió. Si necesita pagar otra vez, pida un enlace nuevo al comercio.',
    reasonCard: 'El banco que emitió su tarjeta no aprobó el pago.',
    reasonWallet: 'El pago no fue aprobado en su billetera.',
    reasonOtp: 'El código de SMS se ingresó mal demasiadas veces.',
    reasonFailed: 'No fue posible procesar el pago.',
    reasonTimeout: 'El tiempo para completar el pago se agotó antes de que se aprobara.',
    amount: 'Valor',
    reference: 'Referencia',
    date: 'Fecha',
    method: 'Medio de pago',
    description: 'Descripción',
    cardMethod: 'Tarjeta {brand} terminada en {last4}',
    cardEnding: 'Tarjeta terminada en {last4}',
    print: 'Guarde esta página o su referencia como comprobante.',
  },
  amountOutOfRange: 'El valor debe estar entre {min} y {max}.',
  fieldErrors: {
    'customer.bank_id': 'Elija un banco de la lista.',
    'customer.document_type': 'Elija un tipo de documento válido.',
    'customer.document': 'Ingrese un número de documento válido.',
    'customer.first_name': 'Ingrese sus nombres.',
    'customer.last_name': 'Ingrese sus apellidos.',
    'customer.email': 'Ingrese un correo electrónico válido, como ana@ejemplo.com.',
    'customer.phone_number': 'Ingrese un celular colombiano de 10 dígitos que empiece por 3.',
    rail_id: 'Elija un medio de pago.',
    invalid: 'Revise los datos marcados.',
  } as Record<string, string>,
  script: {
    processing: 'Procesando…',
    bankProcessing: 'Su banco está procesando el pago…',
    approved: 'Pago aprobado.',
    waiting: 'Esperando el pago…',
    approvePush: 'Apruebe el pago en su billetera.',
    otpWrong: 'El código no es correcto. Le quedan {n} intentos.',
    otpWrongLast: 'El código no es correcto. Le queda 1 intento.',
    otpExhausted: 'El código no es correcto y no quedan intentos: el pago fue rechazado. Intente de nuevo o use otro medio.',
    otpExpired: 'El código venció: el pago fue rechazado. Intente de nuevo para recibir otro código.',
    otpReceived: 'Código recibido. Confirmando el pago…',
    otpRequired: 'Ingrese el código de 6 dígitos que recibió por SMS.',
    amountRange: 'El valor debe estar entre {min} y {max}.',
    amountRequired: 'Ingrese el valor a pagar.',
    continueToMerchant: 'Volver al comercio',
    network: 'No pudimos comunicarnos con el servidor. Revise su conexión e intente de nuevo.',
  } satisfies CheckoutScriptText,
};

export type PageText = typeof es;

const en: PageText = {
  checkoutTitle: 'Payment',
  enrollTitle: 'Save your card',
  amountLabel: 'Amount to pay',
  amountHint: 'Between {min} and {max}',
  card: 'Card',
  otherMethods: 'Other methods',
  methods: 'Payment methods',
  chooseRail: 'Choose how to pay',
  bank: 'Bank',
  documentType: 'Document type',
  document: 'Document number',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Mobile number',
  otp: 'Code received by SMS',
  confirm: 'Confirm',
  alias: 'Alias',
  qrAlt: 'QR code of the payment',
  continue: 'Continue',
  pay: 'Pay',
  save: 'Save card',
  saved: 'Card saved.',
  cancel: 'Cancel and go back',
  expired: 'This payment link has expired.',
  enrollExpired: 'This form has expired. Ask the merchant for a new link.',
  paid: 'This link has already been paid.',
  enrolled: 'This form was already used: the card is saved.',
  unavailable: 'This link no longer accepts payments.',
  inProgress: 'A payment through this link is already in progress. Finish it, or wait until it lapses (in {minutes} min at most) to pay another way.',
  paymentInFlight: 'A payment through this link is already in progress. Wait for its outcome and try again.',
  bankInProgress: 'Your bank is processing a payment through this link. Wait for its outcome before paying another way.',
  cardDeclined: 'The card was declined. Try another card.',
  cardBlocked: 'Card payments are unavailable for a while. Try again later or use another payment method.',
  cardUnavailable: 'This merchant does not take card payments through this link yet.',
  enrollUnavailable: 'This form is not available yet. Try again later or ask the merchant.',
  notFound: 'Link not found',
  documentTypes: { CC: 'Citizenship ID (CC)', CE: 'Foreigner ID (CE)', NIT: 'Tax ID (NIT)', PASSPORT: 'Passport' },
  merchant: 'Merchant',
  outcome: {
    processingTitle: 'Processing your payment',
    processingLead: 'Your payment is being processed. This page updates itself when it finishes; do not pay again.',
    bankProcessingLead: 'Your bank is processing the payment. This page updates itself when it finishes; do not pay again.',
    continueAtBank: 'Continue at your bank',
    payAnotherWay: 'Pay another way',
    approvedTitle: 'Payment approved',
    approvedLead: 'Thank you. This is the receipt of your payment.',
    declinedTitle: 'Payment declined',
    expiredTitle: 'Time ran out',
    paidTitle: 'Link already paid',
    expiredLinkTitle: 'Link expired',
    tryAgain: 'Try again',
    tryAgainLead: 'You were not charged. You can try again with another card or another payment method.',
    closedLead: 'You were not charged. This link no longer takes payments: ask the merchant for a new one.',
    expiredLinkLead: 'Ask the merchant for a new link if you still want to pay.',
    paidLinkLead: 'If you made this payment, the merchant has it. To pay again, ask the merchant for a new link.',
    reasonCard: 'The bank that issued your card did not approve the payment.',
    reasonWallet: 'The payment was not approved in your wallet.',
    reasonOtp: 'The SMS code was entered wrong too many times.',
    reasonFailed: 'The payment could not be processed.',
    reasonTimeout: 'The time to complete the payment ran out before it was approved.',
    amount: 'Amount',
    reference: 'Reference',
    date: 'Date',
    method: 'Payment method',
    description: 'Description',
    cardMethod: '{brand} card ending in {last4}',
    cardEnding: 'Card ending in {last4}',
    print: 'Keep this page or its reference as your receipt.',
  },
  amountOutOfRange: 'The amount must be between {min} and {max}.',
  fieldErrors: {
    'customer.bank_id': 'Choose a bank from the list.',
    'customer.document_type': 'Choose a valid document type.',
    'customer.document': 'Enter a valid document number.',
    'customer.first_name': 'Enter your first name.',
    'customer.last_name': 'Enter your last name.',
    'customer.email': 'Enter a valid e-mail address, such as ana@example.com.',
    'customer.phone_number': 'Enter a Colombian mobile number: 10 digits starting with 3.',
    rail_id: 'Choose a payment method.',
    invalid: 'Check the fields marked.',
  },
  script: {
    processing: 'Processing…',
    bankProcessing: 'Your bank is processing the payment…',
    approved: 'Payment approved.',
    waiting: 'Waiting for the payment…',
    approvePush: 'Approve the payment in your wallet.',
    otpWrong: 'The code is not right. You have {n} attempts left.',
    otpWrongLast: 'The code is not right. You have 1 attempt left.',
    otpExhausted: 'The code is not right and no attempts are left: the payment was declined. Try again or use another method.',
    otpExpired: 'The code had expired: the payment was declined. Try again to get a new code.',
    otpReceived: 'Code received. Confirming the payment…',
    otpRequired: 'Enter the 6-digit code you received by SMS.',
    amountRange: 'The amount must be between {min} and {max}.',
    amountRequired: 'Enter the amount to pay.',
    continueToMerchant: 'Back to the merchant',
    network: 'We could not reach the server. Check your connection and try again.',
  },
};

export const TEXT: Record<Lang, PageText> = { es, en };

/** `text` with each `{name}` replaced. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
