/**
 * The fields' stylesheet, scoped under `.pf-form`. Number on its own line
 * and expiry/CVV side by side when narrow, number/expiry/CVV on one line from
 * 560 px of container width, one column below 260 px (container queries: the
 * form's own width decides, not the window's). Each field spans four subgrid rows
 * (label, input, hint, error), so inputs line up even when one label wraps.
 * The installments selector (a credit card's "cuotas") spans the whole row.
 * `--pf-accent` is the merchant's colour (focused border and focus ring).
 */
export const STYLE_ID = 'pasarela-card-form-style';

export const STYLESHEET = `
.pf-form{--pf-accent:#0b5cad;--pf-error:#b3261e;--pf-border:#8a94a6;--pf-text:#1d2433;--pf-muted:#566176;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.3;color:var(--pf-text);
display:grid;grid-template-columns:1fr 1fr;column-gap:12px;row-gap:0;margin:0;padding:4px;box-sizing:border-box}
.pf-form *{box-sizing:border-box}
.pf-field{display:grid;grid-row:span 4;grid-template-rows:subgrid;align-content:start;min-width:0}
.pf-number,.pf-holder,.pf-installments{grid-column:1/-1}
.pf-field[hidden]{display:none}
.pf-host{container-type:inline-size}
@container (min-width:560px){.pf-form{grid-template-columns:2fr 1fr 1fr}.pf-number{grid-column:auto}}
@container (max-width:259px){.pf-form{grid-template-columns:1fr}}
.pf-field label{align-self:end;font-size:14px;font-weight:600;margin:0 0 4px;display:flex;justify-content:space-between;gap:8px}
.pf-brand{font-weight:500;color:var(--pf-muted)}
.pf-field input,.pf-field select{width:100%;font:inherit;font-size:16px;padding:10px 12px;min-height:44px;color:inherit;background:#fff;
border:1px solid var(--pf-border);border-radius:8px;outline:none}
.pf-field input::placeholder{color:#6b7385}
.pf-field select:focus,.pf-field input:focus{border-color:var(--pf-accent);box-shadow:0 0 0 3px var(--pf-accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--pf-accent) 40%,transparent)}
.pf-field input[aria-invalid=true]{border-color:var(--pf-error)}
.pf-field input[aria-invalid=true]:focus{box-shadow:0 0 0 3px color-mix(in srgb,var(--pf-error) 35%,transparent)}
.pf-hint{font-size:13px;color:var(--pf-muted);margin:4px 0 0}
.pf-error{font-size:13px;color:var(--pf-error);margin:4px 0 0;min-height:18px}
@media (forced-colors:active){.pf-field input:focus{outline:2px solid CanvasText}}
`;
