/** The package ships no types: its output, as its README shows it (prom2json's shape, values as text). */
declare module 'parse-prometheus-text-format' {
  export type Sample = {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type MetricFamily = { name: string; help: string; type: string; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
