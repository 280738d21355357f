import type { EventSourceLike } from './protocol.ts';

/** A stand-in for the browser's EventSource that a test drives by hand (live/ and stores/ tests). */
export class FakeEventSource implements EventSourceLike {
  /** The one made last. */
  static last: FakeEventSource | undefined;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private handlers = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail(): void {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
  emit(type: string, data: unknown, lastEventId = ''): void {
    for (const handler of this.handlers.get(type) ?? [])
      handler(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}
