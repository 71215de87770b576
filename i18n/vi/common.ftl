# Chữ tiếng Việt chung của ứng dụng: khung, tệp, ngôn ngữ, giao diện. Giữ các khóa khớp với i18n/en/common.ftl.

app-title = Cờ Cá Ngựa
button-show-settings = Thiết lập
button-hide-settings = Ẩn thiết lập
button-rules = Luật chơi
button-new-game = Ván mới
button-close = Đóng
settings-heading = Thiết lập
settings-language = Ngôn ngữ
language-vi = Tiếng Việt
language-en = English
settings-look = Giao diện
look-system = Theo hệ thống
look-light = Sáng
look-dark = Tối
confirm-title = Bắt đầu ván mới?
confirm-text = Thay đổi này cần một ván mới. Ván đang chơi sẽ kết thúc.
confirm-yes = Bắt đầu ván mới
confirm-no = Chơi tiếp
button-stats = Thống kê
button-dismiss = Đã hiểu
notice-file-moved = Không đọc được { $file } ({ $reason }). Tệp được giữ lại thành { $kept } và trò chơi bắt đầu với thiết lập mặc định.
notice-file-unreadable = Không đọc được { $file }: { $reason }.
notice-cannot-save = Không lưu được { $file }: { $reason }. Vẫn chơi tiếp được, nhưng sẽ không được lưu lại.
notice-no-folder = Không có thư mục để lưu thiết lập ({ $reason }); sẽ không lưu được gì.

## Cảm giác chơi (issue 13): âm thanh
settings-sound = Âm thanh
settings-volume = Âm lượng
