import { describe, expect, it } from 'vitest';
import { firstLoadState } from '../../../src/client/offline/collection-view';

describe('firstLoadState', () => {
  it('loads while IndexedDB is read', () => {
    expect(firstLoadState(undefined, null, null)).toEqual({ rows: undefined, loading: true, error: null });
  });

  it('loads while nothing is cached and the first sync runs', () => {
    expect(firstLoadState([], null, null)).toEqual({ rows: undefined, loading: true, error: null });
  });

  it('shows cached rows at once, whatever the network does', () => {
    expect(firstLoadState([1, 2], null, 'The server could not be reached.')).toEqual({
      rows: [1, 2],
      loading: false,
      error: null,
    });
  });

  it('shows an empty list once a sync has said it is empty', () => {
    expect(firstLoadState([], 1000, null)).toEqual({ rows: [], loading: false, error: null });
  });

  it('reports the failed first fetch when nothing is cached', () => {
    expect(firstLoadState([], null, 'You are offline.')).toEqual({ rows: [], loading: false, error: 'You are offline.' });
  });
});
