import { describe, expect, it } from 'vitest';
import { routeParams } from './route-params.ts';

describe('routeParams', () => {
  it('reads the parameters of a dynamic path', () => {
    expect(routeParams('/likes/{type}', '/likes/sent')).toEqual({ type: 'sent' });
    expect(routeParams('/likes/m/{id}', '/likes/m/42/')).toEqual({ id: '42' });
    expect(routeParams('/credits/{id}/{paymentmethod?}', '/credits/popular/ideal')).toEqual({
      id: 'popular',
      paymentmethod: 'ideal',
    });
  });

  it('leaves out an absent optional parameter', () => {
    expect(routeParams('/credits/{id}/{paymentmethod?}', '/credits/popular')).toEqual({ id: 'popular' });
    expect(routeParams('/transactions/{id?}', '/transactions')).toEqual({});
  });

  it('decodes the values', () => {
    expect(routeParams('/members/{id}', '/members/a%20b')).toEqual({ id: 'a b' });
  });

  it('is null when the path does not match', () => {
    expect(routeParams('/likes/{type}', '/likes')).toBeNull();
    expect(routeParams('/likes/{type}', '/likes/sent/more')).toBeNull();
    expect(routeParams('/likes/m/{id}', '/likes/x/1')).toBeNull();
    expect(routeParams('/members/{id}', '/members/%E0%A4%A')).toBeNull();
  });
});
