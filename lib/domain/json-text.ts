/**
 * A result the database already serialized (a json array built in SQL). The HTTP layer answers
 * it as it is: a list of a few hundred items is then neither parsed nor serialized again in the
 * server, which is most of what such a list costs. Code that needs the objects calls `parse()`.
 *
 * It is text or its UTF-8, whichever it was made from, the other made once when first asked for: an
 * answer kept between requests (devices/whole.ts) is kept as its UTF-8, so a megabyte sent again is
 * neither measured nor encoded again per request.
 */
export class JsonText<T> {
  #text: string | undefined;
  #utf8: Buffer | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  static ofUtf8<T>(utf8: Buffer): JsonText<T> {
    const j = new JsonText<T>('');
    j.#text = undefined;
    j.#utf8 = utf8;
    return j;
  }

  get text(): string {
    this.#text ??= this.#utf8!.toString('utf8');
    return this.#text;
  }

  utf8(): Buffer {
    this.#utf8 ??= Buffer.from(this.#text!, 'utf8');
    return this.#utf8;
  }

  parse(): T {
    return JSON.parse(this.text) as T;
  }
}
