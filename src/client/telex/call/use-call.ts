/** The call as React reads it: the controller's snapshot, and a clock for the duration. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { calls, type CallSnapshot } from './call-controller';
import { readQuality, type QualityReading } from './call-quality';

export function useCallSnapshot(): CallSnapshot {
  return useSyncExternalStore(calls.subscribe, calls.snapshot, calls.snapshot);
}

/** Seconds since `since`, ticking each second (undefined: no clock). */
export function useElapsed(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  return since === undefined ? 0 : Math.max(0, Math.round((now - since) / 1000));
}

/** The connection's quality every 2 s while `pc` is set. */
export function useQuality(pc: RTCPeerConnection | undefined): QualityReading | undefined {
  const [reading, setReading] = useState<QualityReading>();
  useEffect(() => {
    if (!pc) return;
    const totals = { received: 0, lost: 0 };
    let live = true;
    const read = () =>
      void readQuality(pc, totals)
        .then((r) => live && setReading(r))
        .catch(() => undefined);
    read();
    const timer = setInterval(read, 2_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pc]);
  return pc ? reading : undefined;
}
