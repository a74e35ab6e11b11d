import { Box, Flex } from "@radix-ui/themes";
import { Outlet } from "react-router";
import { ScrollRestoration } from "../navigation/ScrollRestoration";
import { useShellProfile } from "../api/shellData";
import { NoticeToasts } from "../errors/NoticeToasts";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { NewVersionNotice } from "./NewVersionNotice";
import { Ribbon } from "./Ribbon";
import "./shell.css";

/** The frame around every page: ribbon, header, version notice, the page, footer and toasts. */
export function Layout() {
  const profile = useShellProfile();
  return (
    <Flex direction="column" minHeight="100vh">
      <Ribbon profile={profile} />
      <Header />
      <NewVersionNotice />
      <Box asChild flexGrow="1">
        <main>
          <Outlet />
        </main>
      </Box>
      <Footer profile={profile} />
      <NoticeToasts />
      <ScrollRestoration />
    </Flex>
  );
}
