import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "../errors/app-error";

/** For pages: a lib/ not_found error becomes Next's 404 page. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}
