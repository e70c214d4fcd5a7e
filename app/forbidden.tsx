import Link from "next/link";

export default function Forbidden() {
  return (
    <main className="mx-auto max-w-lg p-10">
      <h1 className="text-xl font-semibold">403: not allowed</h1>
      <p className="mt-2 text-slate-600">Your role in this project does not allow this page. Ask an admin of the project for access.</p>
      <Link href="/review" className="mt-4 inline-block text-indigo-700 underline">
        Back to the review queue
      </Link>
    </main>
  );
}
