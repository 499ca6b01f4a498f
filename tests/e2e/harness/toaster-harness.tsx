/**
 * Test-only page script: the real Toaster island and the real showToast, so a browser test can
 * raise toasts of every type. Bundled by the test itself; never part of the production build.
 */
import { createRoot } from "react-dom/client";
import { showToast } from "../../../islands/lib/toasts";
import Toaster from "../../../islands/ui/Toaster";

const root = document.getElementById("root");
if (root) createRoot(root).render(<Toaster />);
Object.assign(window, { showToast });
