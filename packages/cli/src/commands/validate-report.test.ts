import { expect, test } from 'vitest';
import { escapeData, escapeProperty, githubAnnotations, type ProblemRecord } from './validate-report.ts';

const RECORD: ProblemRecord = {
  file: 'brands/a,b:c.yaml',
  line: 3,
  column: 5,
  path: 'company.name',
  message: '100% wrong: see\r\nthis, please',
  brand: 'a,b:c',
};

test('escapes a message as GitHub reads a workflow command: %, CR and LF only', () => {
  expect(escapeData('100% wrong: a, b\r\nc')).toBe('100%25 wrong: a, b%0D%0Ac');
});

test('escapes a property also for ":" and ",", which would end it', () => {
  expect(escapeProperty('100% a:b,c\n')).toBe('100%25 a%3Ab%2Cc%0A');
});

test('an annotation escapes its file and title as properties and its message as data', () => {
  expect(githubAnnotations({ ok: false, problems: [RECORD], warnings: [] })).toEqual([
    '::error file=brands/a%2Cb%3Ac.yaml,line=3,col=5,title=company.name::100%25 wrong: see%0D%0Athis, please',
  ]);
});

test("the example becomes the message's second line; a problem with no field is titled by the command", () => {
  const record = { ...RECORD, file: 'brands/x.yaml', path: '', message: 'empty', example: 'name: x' };
  expect(githubAnnotations({ ok: true, problems: [], warnings: [record] })).toEqual([
    '::warning file=brands/x.yaml,line=3,col=5,title=datekit validate::empty%0Aexample: name: x',
  ]);
});
