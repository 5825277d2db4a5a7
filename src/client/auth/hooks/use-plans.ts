/**
 * The active plans for the subscription step. A public call with no member
 * database to mirror into, so the worker hands the answer back directly.
 */
import { useEffect, useState } from 'react';
import type { Plan } from '../../../contract/masters';
import { sync } from '../../sync/client';
import { callSafely, failureText } from '../call-failure';

export type PlansState =
  | { status: 'loading' }
  | { status: 'ready'; plans: Plan[] }
  | { status: 'error'; message: string };

async function fetchPlans(): Promise<PlansState> {
  const result = await callSafely(() => sync.plans());
  return result.ok ? { status: 'ready', plans: result.data } : { status: 'error', message: failureText(result) };
}

export function usePlans(): PlansState & { retry: () => void } {
  const [state, setState] = useState<PlansState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void fetchPlans().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);

  const retry = () => {
    setState({ status: 'loading' });
    void fetchPlans().then(setState);
  };

  return { ...state, retry };
}
