export type Quality = { rttMs: number | null; lossPct: number | null; level: 'good' | 'fair' | 'poor' | 'unknown' };
/** Running totals of received and lost packets, to turn the next report into a loss rate over the interval. */
export type PacketTotals = { received: number; lost: number };

type Stat = { type: string; [key: string]: unknown };

export function rateQuality(rttMs: number | null, lossPct: number | null): Quality['level'] {
  if (rttMs === null && lossPct === null) return 'unknown';
  const rtt = rttMs ?? 0;
  const loss = lossPct ?? 0;
  if (rtt > 400 || loss > 8) return 'poor';
  if (rtt > 150 || loss > 2) return 'fair';
  return 'good';
}

/**
 * Round-trip time of the pair ICE chose and packet loss since the previous report, from an RTCStatsReport
 * (anything iterable over its stats works, which keeps this testable).
 */
export function readQuality(report: Iterable<Stat>, previous: PacketTotals | null): { quality: Quality; totals: PacketTotals } {
  const stats = [...report];
  const transport = stats.find((s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string');
  const pair =
    stats.find((s) => s.type === 'candidate-pair' && s.id === transport?.selectedCandidatePairId) ??
    stats.find((s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded');
  const rtt = typeof pair?.currentRoundTripTime === 'number' ? Math.round(pair.currentRoundTripTime * 1000) : null;

  const totals: PacketTotals = { received: 0, lost: 0 };
  for (const s of stats) {
    if (s.type !== 'inbound-rtp') continue;
    totals.received += Number(s.packetsReceived ?? 0);
    totals.lost += Math.max(0, Number(s.packetsLost ?? 0));
  }
  const received = totals.received - (previous?.received ?? 0);
  const lost = totals.lost - (previous?.lost ?? 0);
  const lossPct = received + lost > 0 ? Math.round((lost / (received + lost)) * 1000) / 10 : null;
  return { quality: { rttMs: rtt, lossPct, level: rateQuality(rtt, lossPct) }, totals };
}
