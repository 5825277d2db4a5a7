/**
 * Accept on a ring's notification (decision 0079) opens the app at
 * `/telex?with=<caller>&call=<callId>&answer=1` (contract/call-push.ts). The app cannot answer
 * at once: its socket logs in first, and the server then rings it like any device of the
 * callee (a socket that logs in mid-ring hears the ring). So this waits a while for that ring
 * and accepts it — only that call, only once. A ring that ended meanwhile never comes; the
 * conversation then shows the call's line.
 */
import { useEffect } from 'react';
import { CALL_LINK } from '../../../contract/call-push';
import { calls } from './call-controller';

/** Long enough for the app to start and its socket to log in on a slow phone. */
const ANSWER_WAIT_MS = 20_000;

/** Calls already answered from a link in this page: a remount (or a reload's later ring) answers nothing twice. */
const answered = new Set<string>();

/** The call the page's address asks to answer, if any. */
export function linkedCall(search: string): string | null {
  const params = new URLSearchParams(search);
  const callId = params.get(CALL_LINK.call);
  return callId && params.get(CALL_LINK.answer) === '1' ? callId : null;
}

/** Mounted with the call host: answers the linked call when it rings here. */
export function useAnswerFromLink(): void {
  useEffect(() => {
    const callId = linkedCall(window.location.search);
    if (!callId || answered.has(callId)) return;
    let done = false;
    const stop = () => {
      done = true;
      unsubscribe();
      clearTimeout(timer);
    };
    const check = () => {
      const state = calls.snapshot().state;
      if (done || state.phase !== 'incoming' || state.callId !== callId) return;
      answered.add(callId);
      stop();
      void calls.accept();
    };
    const unsubscribe = calls.subscribe(check);
    const timer = setTimeout(stop, ANSWER_WAIT_MS);
    check();
    return stop;
  }, []);
}
