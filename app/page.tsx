import { redirect } from "next/navigation";

// The review queue is the landing page; the dashboard layout sends anonymous visitors to /login.
export default function Home() {
  redirect("/review");
}
