/**
 * A dialog (modal, drawer) whose code loads the first time it opens, not with the screen
 * that holds it (issue 13: the shell's header and home carry the settings, requests and
 * composer dialogs, closed on nearly every visit). `preload` fetches it early, e.g. when
 * the pointer comes to the button that opens it.
 *
 * Once loaded, the dialog mounts closed and opens on the next render: Mantine's focus
 * return notes the element to go back to when `opened` turns true, which a dialog
 * mounted already open never sees.
 */
import { useEffect, useState, type ComponentType } from 'react';

export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P> | undefined> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      () => {
        // Not fetched (offline before the service worker kept it): asked again next time.
        loading = undefined;
        return undefined;
      },
    ));

  function LazyDialog(props: P) {
    const [Dialog, setDialog] = useState(() => loaded);
    const [mounted, setMounted] = useState(false);
    useEffect(() => {
      if (Dialog || !props.opened) return;
      let live = true;
      void preload().then((component) => live && component && setDialog(() => component));
      return () => {
        live = false;
      };
    }, [Dialog, props.opened]);
    useEffect(() => {
      if (!Dialog) return;
      // The frame after the closed dialog's first commit.
      const frame = requestAnimationFrame(() => setMounted(true));
      return () => cancelAnimationFrame(frame);
    }, [Dialog]);
    if (!Dialog) return null;
    return <Dialog {...props} opened={props.opened && mounted} />;
  }
  return Object.assign(LazyDialog, { preload });
}
