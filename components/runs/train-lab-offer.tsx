import { hasRole, type Role } from "@/lib/auth/roles";
import { LAB_ENVIRONMENT } from "@/lib/lab/lab-rubrics";
import { TrainLabOnVersionForm } from "./train-lab-on-version-form";

/** On an approved version of the lab's rubric: train the lab on it and compare with the run it replaces. */
export function TrainLabOffer({ version, role }: { version: { id: string; version: number; status: string; rubric: { environment: string } }; role: Role }) {
  if (version.rubric.environment !== LAB_ENVIRONMENT || version.status !== "approved" || !hasRole(role, "reviewer")) return null;
  return (
    <section aria-label="Train the lab on this version" className="mb-6 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
      <h2 className="font-medium">Train the lab on this version</h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">A lab run on v{version.version} as its reward, opened on /runs beside the latest lab run on another version.</p>
      <TrainLabOnVersionForm rubricVersionId={version.id} version={version.version} />
    </section>
  );
}
