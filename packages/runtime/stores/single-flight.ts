/**
 * One request at a time for one resource. `shared()` joins the load in flight (or starts one):
 * callers that only need the list. `fresh()` answers a load that started after the call: when one is
 * in flight (it may predate the change the caller heard of), one more load follows it, shared by
 * every `fresh()` caller meanwhile. So any number of concurrent callers cause at most two requests.
 */
export function singleFlight<T>(load: () => Promise<T>): { shared(): Promise<T>; fresh(): Promise<T> } {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const running: Promise<T> = load().finally(() => {
      if (current === running) current = undefined;
    });
    current = running;
    return running;
  };
  return {
    shared: () => current ?? start(),
    fresh() {
      if (!current) return start();
      next ??= current
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return current ?? start();
        });
      return next;
    },
  };
}
