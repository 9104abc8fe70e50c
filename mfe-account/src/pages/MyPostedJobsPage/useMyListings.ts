import { useCallback, useEffect, useState } from 'react';
import { api, type Listing } from '@tasko/shared';

export type MyListingsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; listings: Listing[] };

export type ManageAction = 'close' | 'reactivate' | 'delete';

/** The signed-in user's listings, and the owner actions that update the list in place. */
export function useMyListings(email: string) {
  const [state, setState] = useState<MyListingsState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    api.myJobs(email).then(
      (page) => setState({ status: 'loaded', listings: page.jobs }),
      () => setState({ status: 'failed' }),
    );
  }, [email]);

  useEffect(load, [load]);

  const act = useCallback(async (action: ManageAction, id: number): Promise<void> => {
    if (action === 'delete') {
      await api.deleteJob(id);
      setState((s) => (s.status === 'loaded' ? { ...s, listings: s.listings.filter((l) => l.job_id !== id) } : s));
      return;
    }
    const updated = action === 'close' ? await api.closeJob(id) : await api.activateJob(id);
    setState((s) => (s.status === 'loaded' ? { ...s, listings: s.listings.map((l) => (l.job_id === id ? updated : l)) } : s));
  }, []);

  return { state, reload: load, act };
}
