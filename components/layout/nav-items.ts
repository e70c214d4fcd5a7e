/** Every area of the app, in the order a reviewer meets them. */
export const navItems = [
  { href: "/review", label: "Review" },
  { href: "/traces", label: "Traces" },
  { href: "/rubrics", label: "Rubrics" },
  { href: "/hacks", label: "Known hacks" },
  { href: "/runs", label: "Runs" },
  { href: "/judges", label: "Judges" },
  { href: "/tasks", label: "Tasks" },
  { href: "/jobs", label: "Jobs" },
  { href: "/settings", label: "Settings" },
] as const;
