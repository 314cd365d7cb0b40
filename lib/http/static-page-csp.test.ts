import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScripts, scriptHashSources } from './static-page-csp';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('the hashes of a built page’s inline scripts', () => {
  const html = [
    '<html><head><script src="/_next/static/chunks/a.js" async=""></script>',
    '<script SRC=/b.js></script><script id="_R_">self.__a=1</script></head>',
    '<body><script>(self.__next_f=self.__next_f||[]).push([0])</script><script></script>',
    '<script>self.__next_f.push([1,"</div>\\u003c"])</script><script id="_R_">self.__a=1</script></body></html>',
  ].join('');

  it('takes every inline script exactly as written, and no script that is a file or empty', () => {
    expect(inlineScripts(html)).toEqual([
      'self.__a=1',
      '(self.__next_f=self.__next_f||[]).push([0])',
      'self.__next_f.push([1,"</div>\\u003c"])',
      'self.__a=1',
    ]);
  });

  it('names each once, as the browser hashes it (sha256 of the text, base64)', () => {
    expect(scriptHashSources(html)).toEqual([
      sha('self.__a=1'),
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha('self.__next_f.push([1,"</div>\\u003c"])'),
    ]);
  });
});
