import { useLingui } from "@lingui/react/macro";
import { ExclamationTriangleIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import { Callout } from "@radix-ui/themes";
import { Toast } from "radix-ui";
import { messageText } from "./messageText";
import { dismissNotice, type NoticeTone, useNotices } from "./notices";
import "./NoticeToasts.css";

const toneColor: Record<NoticeTone, "red" | "amber" | "blue"> = { error: "red", warning: "amber", info: "blue" };

/** Shows queued notices as toasts that close by themselves, by swipe, or with Escape. */
export function NoticeToasts() {
  const { i18n, t } = useLingui();
  const notices = useNotices();
  return (
    <Toast.Provider duration={8000} label={t`Notifications`}>
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          className="notice-toast"
          duration={notice.duration}
          onOpenChange={(open) => open || dismissNotice(notice.id)}
        >
          <Callout.Root
            color={toneColor[notice.tone ?? "error"]}
            variant="surface"
            role={notice.tone === "info" ? "status" : "alert"}
          >
            <Callout.Icon>{notice.tone === "info" ? <InfoCircledIcon /> : <ExclamationTriangleIcon />}</Callout.Icon>
            {notice.title && (
              <Toast.Title asChild>
                <Callout.Text weight="bold">{i18n._(notice.title)}</Callout.Text>
              </Toast.Title>
            )}
            <Toast.Description asChild>
              <Callout.Text>{messageText(i18n, notice.text)}</Callout.Text>
            </Toast.Description>
          </Callout.Root>
        </Toast.Root>
      ))}
      <Toast.Viewport className="notice-toast-viewport" />
    </Toast.Provider>
  );
}
