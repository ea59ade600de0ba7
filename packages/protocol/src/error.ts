/** The one error shape of every failed call: `{ message, code }` (docs/adr/0001). */
export interface ApiErrorBody {
  message: string;
  code: string;
}
