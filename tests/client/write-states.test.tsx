/**
 * The cards' delivery marks from one live query for a whole screen (entries/write-states.ts):
 * each card reads its own entry's state, its comments' writes do not count, and a write on
 * one entry re-renders that entry's card and no other.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  useEntryWriteState,
  useEntryWriteStates,
  type EntryWriteState,
  type EntryWriteStates,
} from '../../src/client/entries/write-states';
import { memberDb, type OutboxItem } from '../../src/client/store/db';
import { targets } from '../../src/contract/targets';

const me = 'write-states-member';
let n = 0;
const write = (postCode: string, kind: OutboxItem['kind'], extra: Partial<OutboxItem> = {}): OutboxItem => ({
  id: `0000-${String(++n).padStart(4, '0')}`,
  kind,
  payload: {},
  target: targets.entry(postCode),
  status: 'pending',
  attempts: 0,
  createdAt: n,
  ...extra,
});

afterEach(async () => {
  cleanup();
  await memberDb(me).outbox.clear();
});

/** Two cards reading their states from one screen's store; what each shows and how often it rendered. */
function renderCards() {
  const renders = { a: 0, b: 0 };
  const shown: Record<'a' | 'b', EntryWriteState> = { a: undefined, b: undefined };
  const report = (name: 'a' | 'b', state: EntryWriteState) => {
    renders[name]++;
    shown[name] = state;
  };
  // Counted in an effect: one per committed render.
  function Card({ states, name }: { states: EntryWriteStates; name: 'a' | 'b' }) {
    const state = useEntryWriteState(states, `post-${name}`);
    useEffect(() => report(name, state));
    return null;
  }
  function Screen() {
    const states = useEntryWriteStates(me);
    return (
      <>
        <Card states={states} name="a" />
        <Card states={states} name="b" />
      </>
    );
  }
  render(<Screen />);
  return { shown, renders };
}

describe('entry write states', () => {
  it('marks an entry pending while a write on it waits, and not for its comments', async () => {
    await memberDb(me).outbox.bulkAdd([write('post-a', 'entry.rate'), write('post-b', 'comment.create')]);
    const { shown } = renderCards();
    await waitFor(() => expect(shown.a).toEqual({ status: 'pending' }));
    expect(shown.b).toBeUndefined();
  });

  it('shows the refused write with the server\'s words, and clears when it is discarded', async () => {
    const refused = write('post-a', 'entry.save', { status: 'failed', error: { status: 422, message: 'No.' } });
    await memberDb(me).outbox.bulkAdd([refused, write('post-a', 'entry.rate')]);
    const { shown } = renderCards();
    await waitFor(() => expect(shown.a).toEqual({ status: 'failed', id: refused.id, message: 'No.' }));
    await act(() => memberDb(me).outbox.delete(refused.id));
    await waitFor(() => expect(shown.a).toEqual({ status: 'pending' }));
  });

  it('re-renders only the card whose state changed', async () => {
    const { shown, renders } = renderCards();
    await act(() => memberDb(me).outbox.add(write('post-b', 'entry.rate')));
    await waitFor(() => expect(shown.b).toEqual({ status: 'pending' }));
    const seen = { ...renders };
    // A second write on b leaves it pending: nobody re-renders; a write on a re-renders a alone.
    await act(() => memberDb(me).outbox.add(write('post-b', 'entry.save')));
    await act(() => memberDb(me).outbox.add(write('post-a', 'entry.rate')));
    await waitFor(() => expect(shown.a).toEqual({ status: 'pending' }));
    expect(renders.b).toBe(seen.b);
    expect(renders.a).toBe(seen.a + 1);
  });
});
