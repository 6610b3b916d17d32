const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A wait of whole seconds as a clock reads it: "12:34", "1:02:03", and from a day on with the days before it in the
 * language's own short unit ("2d 03:04:05", "2 дн. 03:04:05").
 */
export function formatWait(seconds: number, locale: string): string {
  const days = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (days > 0) {
    const unit = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(days);
    return `${unit} ${pad(h)}:${pad(m)}:${pad(s)}`;
  }
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
