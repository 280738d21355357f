import { describe, expect, it } from 'vitest';
import { errorPageView } from './error-page.ts';

describe('errorPageView', () => {
  it('defaults to status 500 with the message "Error" and no home link', () => {
    expect(errorPageView()).toEqual({ status: 500, messageKey: 'error.title', message: null, backHome: false });
  });

  it("says 'This page could not be found' on 404, with the link back home", () => {
    expect(errorPageView({ status: 404 })).toEqual({
      status: 404,
      messageKey: 'not_found.title',
      message: null,
      backHome: true,
    });
  });

  it('shows a given message instead of the default', () => {
    expect(errorPageView({ status: 403, message: ' You do not have access to this page. ' })).toMatchObject({
      status: 403,
      message: 'You do not have access to this page.',
      backHome: false,
    });
    expect(errorPageView({ message: '   ' }).message).toBeNull();
  });

  it('treats a status that is not an HTTP error as the default 500', () => {
    expect(errorPageView({ status: 200 }).status).toBe(500);
    expect(errorPageView({ status: 404.5 }).status).toBe(500);
    expect(errorPageView({ status: 600 }).status).toBe(500);
  });
});
