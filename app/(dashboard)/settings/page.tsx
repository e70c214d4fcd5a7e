import type { Metadata } from "next";
import { revokeApiKeyAction } from "@/app/actions/settings-actions";
import { ActionButton } from "@/components/settings/action-button";
import { AddMemberForm } from "@/components/settings/add-member-form";
import { CreateApiKeyForm } from "@/components/settings/create-api-key-form";
import { MemberRoleForm } from "@/components/settings/member-role-form";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { listMembers } from "@/lib/members/list-members";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Settings" };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-8 rounded-lg border border-slate-200 bg-white p-5" aria-label={title}>
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default async function SettingsPage() {
  const { db, member } = await requireMember("admin");
  const [members, apiKeys, events] = await Promise.all([
    listMembers(db, member.projectId),
    listApiKeys(db, member.projectId),
    listAuditEvents(db, member.projectId, 30),
  ]);
  return (
    <>
      <PageHeader title="Settings" description={`Members, roles and API keys of project ${member.projectSlug}.`} />
      <Section title="Members">
        <table className="mb-4 w-full text-sm">
          <tbody>
            {members.map((m) => (
              <tr key={m.userId} className="border-b border-slate-100">
                <td className="py-2">{m.email}</td>
                <td className="py-2">
                  <MemberRoleForm userId={m.userId} email={m.email} role={m.role} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AddMemberForm />
      </Section>
      <Section title="API keys">
        <p className="mb-3 text-sm text-slate-600">
          Send a key as <code>Authorization: Bearer KEY</code> to <code>/api/v1</code>. Keys are stored hashed and shown only once.
        </p>
        <CreateApiKeyForm />
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="text-left text-xs uppercase text-slate-500">
              <th className="py-1">Name</th>
              <th>Prefix</th>
              <th>Created</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {apiKeys.map((key) => (
              <tr key={key.id} className="border-b border-slate-100">
                <td className="py-2">{key.name}</td>
                <td className="font-mono text-xs">{key.prefix}…</td>
                <td className="text-xs">{key.createdAt.toISOString().slice(0, 16).replace("T", " ")}</td>
                <td className="text-xs">{key.lastUsedAt ? key.lastUsedAt.toISOString().slice(0, 16).replace("T", " ") : "never"}</td>
                <td className="text-right">
                  {key.revokedAt ? (
                    <span className="text-xs text-slate-500">revoked</span>
                  ) : (
                    <ActionButton action={revokeApiKeyAction} fields={{ apiKeyId: key.id }} variant="danger" label={`Revoke ${key.name}`}>
                      Revoke
                    </ActionButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Audit log">
        <ul className="space-y-1 text-xs">
          {events.map((event) => (
            <li key={event.id}>
              <span className="text-slate-500">{event.createdAt.toISOString().slice(0, 19).replace("T", " ")}</span> {event.actorLabel}{" "}
              <span className="font-mono">{event.action}</span> {event.subjectType}
              {event.details ? <span className="text-slate-500"> {JSON.stringify(event.details)}</span> : null}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
