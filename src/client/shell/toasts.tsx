/**
 * Mantine's toast renderer (<Notifications/>, with react-transition-group, the scroll lock
 * and drag-to-dismiss) loads with the first toast instead of with every first screen
 * (tests/bench/first-screen-js.ts). `notifications.show` only writes to the
 * store, a small module kept here in the boot chunk, so a toast shown before the renderer
 * is in waits in the store and appears once it mounts; it then stays mounted.
 */
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { notificationsStore, type NotificationsProps } from '@mantine/notifications';
import { TOAST_MS } from '../../contract/codes';

const POSITION = 'top-center';

// What <Notifications position> writes to the store when it mounts; written now, so toasts
// shown before it are queued past the limit per position as they would be after.
notificationsStore.updateState((state) => ({ ...state, defaultPosition: POSITION }));

const shown = () => notificationsStore.getState().notifications;

type Renderer = ComponentType<NotificationsProps>;
let loaded: Renderer | undefined;
let loading: Promise<Renderer | undefined> | undefined;
const load = () =>
  (loading ??= import('./toast-host').then(
    (module) => (loaded = module.Notifications),
    () => {
      // Not fetched (offline before the service worker kept it): tried again with the next toast.
      loading = undefined;
      return undefined;
    },
  ));

export function Toasts() {
  // A new array on every show and hide: each toast retries a load that failed.
  const toasts = useSyncExternalStore(notificationsStore.subscribe, shown, shown);
  const [Host, setHost] = useState(() => loaded);
  useEffect(() => {
    if (Host || toasts.length === 0) return;
    let live = true;
    void load().then((component) => live && component && setHost(() => component));
    return () => {
      live = false;
    };
  }, [Host, toasts]);
  return Host ? <Host position={POSITION} autoClose={TOAST_MS} /> : null;
}
