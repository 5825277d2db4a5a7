/**
 * The network quality of a call from RTCPeerConnection.getStats(): the selected candidate
 * pair's round-trip time and the share of incoming packets lost since the last reading.
 * Thresholds follow common VoIP guidance (ITU-T G.114: under 300 ms round trip is fine for
 * talk; a few percent loss is what codecs conceal).
 */
export type Quality = 'good' | 'fair' | 'poor';
export type QualityReading = { quality: Quality; rttMs?: number; lossPercent: number; relayed: boolean };

type Totals = { received: number; lost: number };

export const QUALITY_TEXT: Record<Quality, string> = { good: 'Good connection', fair: 'Fair connection', poor: 'Poor connection' };

export function qualityOf(rttMs: number | undefined, lossPercent: number): Quality {
  if ((rttMs ?? 0) > 600 || lossPercent > 8) return 'poor';
  if ((rttMs ?? 0) > 300 || lossPercent > 2) return 'fair';
  return 'good';
}

/** Reads the stats now; `last` carries the packet totals between readings (loss is per interval). */
export async function readQuality(pc: RTCPeerConnection, last: Totals): Promise<QualityReading> {
  const report = await pc.getStats();
  let pairId: string | undefined;
  let received = 0;
  let lost = 0;
  report.forEach((s: { type: string; selectedCandidatePairId?: string; packetsReceived?: number; packetsLost?: number }) => {
    if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
    if (s.type === 'inbound-rtp') {
      received += s.packetsReceived ?? 0;
      lost += Math.max(0, s.packetsLost ?? 0);
    }
  });
  const pair = pairId ? (report.get(pairId) as RTCIceCandidatePairStats | undefined) : undefined;
  const local = pair ? (report.get(pair.localCandidateId) as { candidateType?: string } | undefined) : undefined;
  const rttMs = pair?.currentRoundTripTime === undefined ? undefined : Math.round(pair.currentRoundTripTime * 1000);
  const dReceived = received - last.received;
  const dLost = lost - last.lost;
  last.received = received;
  last.lost = lost;
  const lossPercent = dReceived + dLost > 0 ? (100 * dLost) / (dReceived + dLost) : 0;
  return { quality: qualityOf(rttMs, lossPercent), rttMs, lossPercent, relayed: local?.candidateType === 'relay' };
}
