import { PageGuard } from "../shell/PageGuard";
import { UploadForm } from "./UploadForm";
import "./upload.css";

/** /upload (signed-in): the single upload form, with the way to the bulk upload (SPEC §2). */
export default function UploadPage() {
  return (
    <PageGuard require="user">
      <div className="upload-head">
        <h1>Upload Track</h1>
        <p className="muted">
          Uploading a whole album? <a href="/upload/bulk">Bulk upload</a>
        </p>
      </div>
      <UploadForm />
    </PageGuard>
  );
}
