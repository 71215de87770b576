# Các câu riêng của bộ cài và bộ gỡ cài đặt trên Windows (assets/windows/installer.nsi); các trang chuẩn đã có bản dịch của NSIS. Giữ các khoá giống hệt i18n/en/installer.ftl. scripts/installer.sh đổi mỗi thông điệp thành một chuỗi ngôn ngữ của NSIS: mỗi thông điệp một dòng, không có biến, và "\n" không có nghĩa riêng (hãy viết hai thông điệp).
installer-start-game = Mở Cờ Cá Ngựa ngay
installer-game-running = Cờ Cá Ngựa đang mở. Hãy đóng trò chơi (ván đang chơi đã được lưu, lần sau chơi tiếp), rồi bấm Thử lại; bấm Huỷ để dừng mà không thay đổi gì.
installer-link-name = URL:Đường liên kết phòng Cờ Cá Ngựa
installer-welcome = Bộ cài này cài Cờ Cá Ngựa cho riêng bạn: không cần quyền quản trị, và bản cũ được nâng cấp ngay tại chỗ, giữ nguyên thiết lập, các ván và biên bản của bạn.
uninstaller-data-title = Các ván và thiết lập của bạn
uninstaller-data-subtitle = Chọn giữ lại hay xoá.
uninstaller-data-text = Thiết lập, ván đang chơi, thống kê, các bộ luật và biên bản ván đấu của bạn nằm trong %APPDATA%\ca-ngua. Chúng được giữ lại trừ khi bạn đánh dấu ô bên dưới, để lần cài sau vẫn thấy.
uninstaller-data-delete = Xoá cả thiết lập, các ván và biên bản của tôi
uninstaller-game-running = Cờ Cá Ngựa đang mở. Hãy đóng trò chơi (ván đang chơi đã được lưu), rồi bấm Thử lại; bấm Huỷ để dừng mà không gỡ gì.
