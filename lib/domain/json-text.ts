/**
 * A result the database already serialized (a json array built in SQL). The HTTP layer answers
 * it as it is: a list of a few hundred items is then neither parsed nor serialized again in the
 * server, which is most of what such a list costs. Code that needs the objects calls `parse()`.
 */
export class JsonText<T> {
  constructor(readonly text: string) {}

  parse(): T {
    return JSON.parse(this.text) as T;
  }
}
