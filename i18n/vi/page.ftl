# Những câu của chính trang web (assets/web/index.html: màn hình chờ trước khi trò chơi khởi động, và manifest để cài trang như ứng dụng). scripts/web.sh chép chúng vào target/web: mỗi câu một dòng, không có biến, chữ thường (không HTML). Giữ các khoá khớp với i18n/en/page.ftl.
page-description = Cờ cá ngựa và cờ nhảy đủ mọi luật nhà: chơi với máy, cả nhà cùng chơi, hoặc với bạn bè qua mạng.
page-loading = Đang tải trò chơi…
page-compiling = Đang chuẩn bị trò chơi…
page-download-failed = Không tải được trò chơi. Hãy kiểm tra kết nối mạng rồi tải lại trang.
page-failed = Trò chơi không khởi động được. Hãy tải lại trang; nếu vẫn không được, hãy mở trang này bằng trình duyệt khác.
page-no-wasm = Trình duyệt này không chạy được WebAssembly nên không mở được trò chơi. Hãy cập nhật trình duyệt, hoặc mở trang này bằng Chrome, Firefox, Safari hay Edge bản mới.
page-no-webgl = Trình duyệt này không vẽ được bằng WebGL nên không mở được trò chơi. Hãy bật tăng tốc phần cứng trong cài đặt của trình duyệt, hoặc mở trang này bằng trình duyệt khác.
page-no-script = Trò chơi cần JavaScript: hãy bật JavaScript cho trang này.
