import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureTracking } from './tracking.ts';

function browserAt(search: string, storage = new Map<string, string>()) {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  vi.stubGlobal('location', { search });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });
  return storage;
}

afterEach(() => vi.unstubAllGlobals());

describe('captureTracking', () => {
  it('takes tracking from the URL and remembers it for the visit', () => {
    const storage = browserAt('?network=tj&sub1=a&foo=b');
    expect(captureTracking()).toEqual({ network: 'tj', sub1: 'a' });
    browserAt('', storage);
    expect(captureTracking()).toEqual({ network: 'tj', sub1: 'a' });
  });

  it('lets newer parameters in the URL win', () => {
    const storage = browserAt('?network=old');
    captureTracking();
    browserAt('?ref=new', storage);
    expect(captureTracking()).toEqual({ ref: 'new' });
  });

  it('has none on the server', () => {
    expect(captureTracking()).toEqual({});
  });
});
