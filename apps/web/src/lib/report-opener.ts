/** A request to open the report dialog: about whom (or a choice), and where focus goes back when it closes. */
export type ReportRequest = { patientId?: number; opener: HTMLElement | null };

let host: ((request: ReportRequest) => void) | null = null;
let pending: ReportRequest | null = null;

/**
 * Opens the psychologist's report dialog, which the layout mounts once (app/report-host.tsx), so any screen that
 * shows a patient can offer it without carrying the dialog's code. A request made before the host loaded waits for it.
 */
export function openReport(request: ReportRequest) {
  if (host) host(request);
  else pending = request;
}

/** The host's side: takes the requests, a waiting one first; returns the way to stop. */
export function takeReportRequests(handle: (request: ReportRequest) => void): () => void {
  host = handle;
  if (pending) handle(pending);
  pending = null;
  return () => {
    if (host === handle) host = null;
  };
}
