import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg p-10">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address, or it belongs to another project.</p>
      <Link href="/review" className="mt-4 inline-block text-indigo-700 underline">
        Back to the review queue
      </Link>
    </main>
  );
}
