/** Unknown or deleted links: a plain page that says so and nothing else. */
export default function LinkNotFound() {
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="text-xl font-semibold">Link not found</h1>
      <p className="mt-2 text-slate-700">
        This access link does not exist or has been deleted. Ask the person who sent it for a new one.
      </p>
    </main>
  );
}
