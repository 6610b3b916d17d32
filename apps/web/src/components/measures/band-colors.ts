import type { SeverityBand } from '@rozmova/contract';

/** One colour per severity band, from calm to alarming, on the chart and on the badges alike. */
export const BAND_COLORS: Record<SeverityBand, string> = {
  MINIMAL: 'teal',
  MILD: 'lime',
  MODERATE: 'yellow',
  MODERATELY_SEVERE: 'orange',
  SEVERE: 'red',
};
