import { utcTime } from "@/lib/words/utc-time";
import type { Metadata } from "next";
import { endUserSessionsAction, removeMemberAction, revokeApiKeyAction, setInstanceAdminAction, setUserDisabledAction } from "@/app/actions/settings-actions";
import { ActionButton } from "@/components/settings/action-button";
import { AddMemberForm } from "@/components/settings/add-member-form";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { CreateApiKeyForm } from "@/components/settings/create-api-key-form";
import { CreateProjectForm } from "@/components/settings/create-project-form";
import { EndSessionsForm } from "@/components/settings/end-sessions-form";
import { MemberRoleForm } from "@/components/settings/member-role-form";
import { PageHeader } from "@/components/ui/page-header";
import { isInstanceAdmin } from "@/lib/accounts/account-authority";
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

function AccountSection() {
  return (
    <Section title="Your account">
      <h3 className="mb-2 text-sm font-medium">Change password</h3>
      <ChangePasswordForm />
      <h3 className="mb-2 mt-6 text-sm font-medium">Sessions</h3>
      <p className="mb-2 text-sm text-slate-600">Signs you out on every device and browser, this one included.</p>
      <EndSessionsForm />
    </Section>
  );
}

/** Every member manages their own account here; an admin also sees the project's members, keys and audit log. */
export default async function SettingsPage() {
  const { db, member } = await requireMember();
  if (member.role !== "admin") {
    return (
      <>
        <PageHeader title="Settings" description="Your password and sessions." />
        <AccountSection />
      </>
    );
  }
  const [members, apiKeys, events, canManageAccounts] = await Promise.all([
    listMembers(db, member.projectId),
    listApiKeys(db, member.projectId),
    listAuditEvents(db, member.projectId, 30),
    isInstanceAdmin(db, member.userId),
  ]);
  return (
    <>
      <PageHeader title="Settings" description={`Your account; members, roles and API keys of project ${member.projectSlug}.`} />
      <AccountSection />
      <Section title="Members">
        <table className="mb-4 w-full text-sm">
          <tbody>
            {members.map((m) => (
              <tr key={m.userId} className="border-b border-slate-100">
                <td className="py-2">
                  {m.email}
                  {m.isDisabled ? <span className="ml-2 text-xs text-red-700">disabled</span> : null}
                  {m.isInstanceAdmin ? <span className="ml-2 text-xs text-slate-500">instance admin</span> : null}
                </td>
                <td className="py-2">
                  <MemberRoleForm userId={m.userId} email={m.email} role={m.role} />
                </td>
                <td className="py-2 text-right">
                  {m.userId === member.userId ? null : (
                    <span className="inline-flex gap-2">
                      {canManageAccounts ? (
                        <>
                          <ActionButton action={setInstanceAdminAction} fields={{ userId: m.userId, isInstanceAdmin: String(!m.isInstanceAdmin) }} label={`${m.isInstanceAdmin ? "Revoke instance admin of" : "Make instance admin"} ${m.email}`}>
                            {m.isInstanceAdmin ? "Revoke instance admin" : "Make instance admin"}
                          </ActionButton>
                          <ActionButton action={endUserSessionsAction} fields={{ userId: m.userId }} label={`End sessions of ${m.email}`}>
                            End sessions
                          </ActionButton>
                          <ActionButton action={setUserDisabledAction} fields={{ userId: m.userId, disabled: String(!m.isDisabled) }} label={`${m.isDisabled ? "Enable" : "Disable"} ${m.email}`}>
                            {m.isDisabled ? "Enable" : "Disable"}
                          </ActionButton>
                        </>
                      ) : null}
                      <ActionButton action={removeMemberAction} fields={{ userId: m.userId }} variant="danger" label={`Remove ${m.email}`}>
                        Remove
                      </ActionButton>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AddMemberForm />
      </Section>
      <Section title="Projects">
        <p className="mb-3 text-sm text-slate-600">A new project starts empty, with you as its admin. Switch projects in the sidebar.</p>
        <CreateProjectForm />
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
                <td className="text-xs">{utcTime(key.createdAt)}</td>
                <td className="text-xs">{key.lastUsedAt ? utcTime(key.lastUsedAt) : "never"}</td>
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
            // Details are JSON without spaces (ids, check definitions): break them anywhere rather than widen the page.
            <li key={event.id} className="break-all">
              <span className="text-slate-500">{utcTime(event.createdAt, { seconds: true })}</span> {event.actorLabel}{" "}
              <span className="font-mono">{event.action}</span> {event.subjectType}
              {event.details ? <span className="text-slate-500"> {JSON.stringify(event.details)}</span> : null}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
