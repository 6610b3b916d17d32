import { describe, expect, it } from 'vitest';
import { rateQuality, readQuality } from './quality';

const report = (rtt: number, received: number, lost: number) => [
  { type: 'transport', id: 'T1', selectedCandidatePairId: 'P2' },
  { type: 'candidate-pair', id: 'P1', nominated: false, state: 'failed', currentRoundTripTime: 9 },
  { type: 'candidate-pair', id: 'P2', nominated: true, state: 'succeeded', currentRoundTripTime: rtt },
  { type: 'inbound-rtp', kind: 'audio', packetsReceived: received / 2, packetsLost: lost },
  { type: 'inbound-rtp', kind: 'video', packetsReceived: received / 2, packetsLost: 0 },
];

describe('connection quality', () => {
  it('reads the chosen pair round trip and the loss since the last report', () => {
    const first = readQuality(report(0.021, 1000, 0), null);
    expect(first.quality).toEqual({ rttMs: 21, lossPct: 0, level: 'good' });
    const second = readQuality(report(0.3, 1900, 100), first.totals);
    // 900 received and 100 lost in the interval.
    expect(second.quality).toEqual({ rttMs: 300, lossPct: 10, level: 'poor' });
  });

  it('knows nothing before packets or a pair exist', () => {
    expect(readQuality([], null).quality).toEqual({ rttMs: null, lossPct: null, level: 'unknown' });
  });

  it('rates by the worse of delay and loss', () => {
    expect(rateQuality(50, 0)).toBe('good');
    expect(rateQuality(200, 0)).toBe('fair');
    expect(rateQuality(50, 3)).toBe('fair');
    expect(rateQuality(50, 9)).toBe('poor');
    expect(rateQuality(500, null)).toBe('poor');
  });
});
