/**
 * Whether the browser has a network, right from the first render (navigator.onLine, then its
 * online and offline events). Mantine's useNetwork starts at "online" and reads the truth in
 * an effect, which re-rendered every screen holding it once more just after it mounted (the
 * whole shell on opening the app: one long task on a slow phone) and drew an offline member's
 * first frame as online.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const read = () => navigator.onLine;

export const useOnline = (): boolean => useSyncExternalStore(subscribe, read, () => true);
