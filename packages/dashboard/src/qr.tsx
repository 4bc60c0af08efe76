/** A QR code drawn as SVG rectangles (no image URL, no inline style: fits the CSP). */
import QRCode from 'qrcode';
import { useMemo } from 'react';

export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { count, path } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.modules.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    return { count: n + 8, path: d };
  }, [text]);
  return (
    <svg className="qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
